import { isContentKey, type ContentKey } from '@brightwave/common';
import { isId } from '../common/ids';

/**
 * The content tables keep two kinds of document (docs/decisions/071-built-pages-share-the-content-documents.md): the
 * site's nine pages under their keys (`site`, `services`…), and each page built from blocks under `page:<its id>`.
 */
export type BuiltPageKey = `page:${string}`;
export type DocumentKey = ContentKey | BuiltPageKey;

const BUILT_PAGE_PREFIX = 'page:';

export const builtPageKey = (id: string): BuiltPageKey => `${BUILT_PAGE_PREFIX}${id}`;

export function isBuiltPageKey(key: string): key is BuiltPageKey {
  return key.startsWith(BUILT_PAGE_PREFIX) && isId(key.slice(BUILT_PAGE_PREFIX.length));
}

export const builtPageIdOf = (key: BuiltPageKey): string => key.slice(BUILT_PAGE_PREFIX.length);

export function isDocumentKey(key: string): key is DocumentKey {
  return isContentKey(key) || isBuiltPageKey(key);
}
