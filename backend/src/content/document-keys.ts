import { isContentKey, type ContentKey } from '@brightwave/common';
import { isId } from '../common/ids';

/**
 * The content tables keep three kinds of document (docs/decisions/071-built-pages-share-the-content-documents.md): the
 * site's nine pages under their keys (`site`, `services`…), each page built from blocks under `page:<its id>`, and each
 * portfolio item's case study under `case:<its id>` (docs/decisions/073-case-studies.md).
 */
export type BuiltPageKey = `page:${string}`;
export type CaseStudyKey = `case:${string}`;
export type PostKey = `post:${string}`;
export type DocumentKey = ContentKey | BuiltPageKey | CaseStudyKey | PostKey;

const BUILT_PAGE_PREFIX = 'page:';

export const builtPageKey = (id: string): BuiltPageKey => `${BUILT_PAGE_PREFIX}${id}`;

export function isBuiltPageKey(key: string): key is BuiltPageKey {
  return key.startsWith(BUILT_PAGE_PREFIX) && isId(key.slice(BUILT_PAGE_PREFIX.length));
}

export const builtPageIdOf = (key: BuiltPageKey): string => key.slice(BUILT_PAGE_PREFIX.length);

const CASE_STUDY_PREFIX = 'case:';

export const caseStudyKey = (id: string): CaseStudyKey => `${CASE_STUDY_PREFIX}${id}`;

export function isCaseStudyKey(key: string): key is CaseStudyKey {
  return key.startsWith(CASE_STUDY_PREFIX) && isId(key.slice(CASE_STUDY_PREFIX.length));
}

export const caseStudyIdOf = (key: CaseStudyKey): string => key.slice(CASE_STUDY_PREFIX.length);

// A news post's document (docs/decisions/077-news.md).
const POST_PREFIX = 'post:';

export const postKey = (id: string): PostKey => `${POST_PREFIX}${id}`;

export function isPostKey(key: string): key is PostKey {
  return key.startsWith(POST_PREFIX) && isId(key.slice(POST_PREFIX.length));
}

export const postIdOf = (key: PostKey): string => key.slice(POST_PREFIX.length);

export function isDocumentKey(key: string): key is DocumentKey {
  return isContentKey(key) || isBuiltPageKey(key) || isCaseStudyKey(key) || isPostKey(key);
}
