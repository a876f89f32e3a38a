/**
 * The cookie notice's line about web analytics (decision 025), shown on sites with an analytics counter:
 * the counter and its session recording start only once the visitor presses the notice's button.
 */
import type { FeatureLocale } from '../types.ts';

export const consent = {
  ru: { analytics: 'Веб-аналитика (Яндекс Метрика) и запись сеансов включаются только после нажатия «{{accept}}».' },
  en: { analytics: 'Web analytics (Yandex Metrica) and session recording start only after you press “{{accept}}”.' },
  'zh-CN': { analytics: '网站分析（Yandex Metrica）和会话录制仅在您点击“{{accept}}”后才会启用。' },
  tr: { analytics: 'Web analitiği (Yandex Metrica) ve oturum kaydı yalnızca “{{accept}}” düğmesine bastıktan sonra başlar.' },
  kk: { analytics: 'Веб-талдау (Яндекс Метрика) мен сеанстарды жазу «{{accept}}» түймесін басқаннан кейін ғана қосылады.' },
  ro: { analytics: 'Analiza web (Yandex Metrica) și înregistrarea sesiunilor pornesc numai după ce apăsați „{{accept}}”.' },
  uz: { analytics: 'Veb-tahlil (Yandex Metrika) va seanslarni yozib olish faqat «{{accept}}» tugmasini bosganingizdan keyin yoqiladi.' },
  ky: { analytics: 'Веб-аналитика (Яндекс Метрика) жана сеанстарды жазуу «{{accept}}» баскычын баскандан кийин гана иштейт.' },
} satisfies FeatureLocale;
