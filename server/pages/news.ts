/** /news: the shop's news, newest first, ten a page (?page=N; past the last page: 404). */
import { loadList } from '../render/content-pages.ts';
import type { LoaderArgs } from '../render/route-module.ts';

export function loader(args: LoaderArgs) {
  return loadList(args, 'news');
}
