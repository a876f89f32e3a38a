/** /stati: the articles, newest first, ten a page (?page=N; past the last page: 404). */

import { loadList } from './helpers/content-pages.ts';
import type { LoaderArgs } from './helpers/route-module.ts';

export function loader(args: LoaderArgs) {
  return loadList(args, 'article');
}
