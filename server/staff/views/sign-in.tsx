/** The staff sign-in: the password, then the authenticator's code (or enrolment of one, with recovery codes shown once). */
import { Frame, type FrameProps } from './layout.tsx';

type Base = Pick<FrameProps, 'nonce' | 'assets' | 'notice'>;

export function SignInPage(props: Base & { email?: string; next?: string }) {
  return (
    <Frame title="Вход для сотрудников" {...props}>
      <form method="post" action="/staff/sign-in" className="staff-form staff-narrow">
        {props.next && <input type="hidden" name="next" value={props.next} />}
        <label>
          Эл. почта
          <input type="email" name="email" autoComplete="username" required defaultValue={props.email} maxLength={254} />
        </label>
        <label>
          Пароль
          <input type="password" name="password" autoComplete="current-password" required maxLength={200} />
        </label>
        <button type="submit">Дальше</button>
      </form>
    </Frame>
  );
}

export function CodePage(props: Base & { token: string; next?: string }) {
  return (
    <Frame title="Код подтверждения" {...props}>
      <form method="post" action="/staff/sign-in/code" className="staff-form staff-narrow">
        <input type="hidden" name="_token" value={props.token} />
        {props.next && <input type="hidden" name="next" value={props.next} />}
        <label>
          Код из приложения-аутентификатора или резервный код
          <input name="code" autoComplete="one-time-code" inputMode="text" required maxLength={20} />
        </label>
        <button type="submit">Войти</button>
      </form>
    </Frame>
  );
}

export function EnrolPage(props: Base & { token: string; secret: string; uri: string }) {
  return (
    <Frame title="Подключите второй фактор" {...props}>
      <div className="staff-narrow">
        <p>
          Вход в управление магазином защищён одноразовыми кодами. Добавьте в приложение-аутентификатор (Google Authenticator, Яндекс Ключ,
          1Password, Bitwarden …) ключ ниже и введите код, который оно покажет.
        </p>
        <p>
          Ключ: <code className="staff-secret">{props.secret.replace(/(.{4})/g, '$1 ').trim()}</code>
        </p>
        <p>
          Или адрес для приложения: <code className="staff-wrap">{props.uri}</code>
        </p>
        <form method="post" action="/staff/sign-in/enrol" className="staff-form">
          <input type="hidden" name="_token" value={props.token} />
          <label>
            Код из приложения
            <input name="code" autoComplete="one-time-code" inputMode="numeric" pattern="[0-9 ]{6,7}" required maxLength={7} />
          </label>
          <button type="submit">Подключить</button>
        </form>
      </div>
    </Frame>
  );
}

export function RecoveryCodesPage(props: Base & { codes: string[] }) {
  return (
    <Frame title="Резервные коды" {...props}>
      <div className="staff-narrow">
        <p>
          Сохраните эти коды в надёжном месте: каждый можно использовать один раз вместо кода из приложения, если телефон потерян. Больше
          они показаны не будут.
        </p>
        <ul className="staff-codes">
          {props.codes.map((c) => (
            <li key={c}>
              <code>{c}</code>
            </li>
          ))}
        </ul>
        <p>
          <a className="staff-button" href="/staff">
            Я сохранил коды — в управление
          </a>
        </p>
      </div>
    </Frame>
  );
}
