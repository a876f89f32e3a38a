/** Every path no other route matches: the spec's 404 (§8) "Page not found: {fullPath}". */
import { type LoaderArgs, notFoundError } from './helpers/route-module.ts';

export function loader({ request }: LoaderArgs): never {
  throw notFoundError(request.url);
}
