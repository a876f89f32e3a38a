/** /personal (personal guard): the signed-in visitor's area. Its action signs out (here or everywhere). */
import type { GuardName } from '../../shared/routes.ts';
import { type ActionArgs, continueTo, type LoaderArgs, notFoundError } from '../render/route-module.ts';

export const guard: GuardName = 'personal';

export async function loader({ request, context }: LoaderArgs) {
  const user = await context.services.users.find(context.session.snapshot.userId!);
  if (!user) throw notFoundError(request.url);
  return { user };
}

/** Sign-out: the session ends, the visitor continues with a fresh anonymous one on the home page. */
export async function action(args: ActionArgs) {
  const { context } = args;
  context.effects.session = await context.services.auth.logout(context.session.id);
  return continueTo(args, undefined, '/');
}
