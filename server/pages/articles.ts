/** /stati: the articles, newest first, ten a page (?page=N; past the last page: 404). */

import type { LoaderArgs } from '../render/route-module.ts';
import { loadList } from './helpers/content-pages.ts';

export function loader(args: LoaderArgs) {
  return loadList(args, 'article');
}
