// The news as the server renders it (docs/features/news.md): the list of posts, a post, its structured data and the
// RSS feed. Only the server entry imports this module: the pages need no script, so the browser keeps the HTML it was
// sent (news-page.tsx) and this code, with the feed's writer, never ships.
import { newsListPath, postPath, readingMinutes, richPlainText, type PostPageData, type PostsPage, type SiteContent } from '@brightwave/common';
import { Feed } from 'feed';
import { renderToStaticMarkup } from 'react-dom/server';
import { BlockPicture } from '../components/blocks/block-picture';
import { ContentImage } from '../components/content-image';
import { dayOf, PostCard } from '../components/post-card';
import { RichText } from '../components/rich-text';
import { PageHero } from '../components/ui/page-hero';
import { company } from '../content/company';
import { jsonLdText } from '../lib/json-ld';
import type { NewsPageData } from '../lib/page-data';

const linkClasses = 'text-indigo-700 underline underline-offset-4 hover:text-indigo-900 dark:text-indigo-300 dark:hover:text-indigo-200';

function TagLinks({ tags, label }: { tags: string[]; label: string }) {
  if (tags.length === 0) return null;
  return (
    <ul aria-label={label} className="flex flex-wrap gap-2">
      {tags.map((tag) => (
        <li key={tag}>
          <a
            href={newsListPath(tag, 1)}
            className="inline-block rounded-full bg-indigo-50 px-3 py-1 text-sm font-medium text-indigo-800 hover:bg-indigo-100 dark:bg-indigo-950 dark:text-indigo-200"
          >
            {tag}
          </a>
        </li>
      ))}
    </ul>
  );
}

/** /news: a page of the posts, the newest first, with the tags as links and the pages' links. */
function NewsListView({ list }: { list: PostsPage }) {
  const { tag, page, pages } = list;
  return (
    <>
      <PageHero
        title="News"
        tagline={tag ? `Posts about ${tag}` : 'Stories, updates and ideas from our team'}
        crumbs={[{ label: 'Home', to: '/' }, { label: 'News' }]}
      />
      <section aria-label="Posts" className="py-16">
        <div className="mx-auto max-w-6xl space-y-10 px-4 sm:px-6">
          {list.tags.length > 0 && (
            <nav aria-label="Tags">
              <ul className="flex flex-wrap gap-2">
                {[null, ...list.tags].map((name) => {
                  const current = name === tag;
                  return (
                    <li key={name ?? ''}>
                      <a
                        href={newsListPath(name, 1)}
                        aria-current={current ? 'page' : undefined}
                        className={`inline-block rounded-full px-4 py-1.5 text-sm font-medium ${current ? 'bg-indigo-700 text-white' : 'bg-slate-100 text-slate-800 hover:bg-slate-200 dark:bg-slate-800 dark:text-slate-100'}`}
                      >
                        {name ?? 'All posts'}
                      </a>
                    </li>
                  );
                })}
              </ul>
            </nav>
          )}
          {list.posts.length > 0 ? (
            <ul className="grid gap-8 md:grid-cols-2 lg:grid-cols-3">
              {list.posts.map((post, index) => (
                <li key={post._id} className="flex">
                  <PostCard post={post} headingLevel={2} priority={index === 0} byline />
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-lg text-slate-700 dark:text-slate-300">No posts yet. Come back soon.</p>
          )}
          {pages > 1 && (
            <nav aria-label="Pages of posts" className="flex items-center justify-between gap-4">
              {page > 1 ? (
                <a href={newsListPath(tag, page - 1)} rel="prev" className={linkClasses}>
                  Newer posts
                </a>
              ) : (
                <span />
              )}
              <p className="text-slate-600 dark:text-slate-300">
                Page {page} of {pages}
              </p>
              {page < pages ? (
                <a href={newsListPath(tag, page + 1)} rel="next" className={linkClasses}>
                  Older posts
                </a>
              ) : (
                <span />
              )}
            </nav>
          )}
          <p>
            <a href="/news/feed.xml" className={linkClasses}>
              Follow the news by RSS
            </a>
          </p>
        </div>
      </section>
    </>
  );
}

/** /news/<slug>: the post, its author, its date and reading time, its tags. */
function PostView({ data }: { data: PostPageData }) {
  const { post, publishedAt } = data;
  return (
    <>
      <PageHero title={post.title} tagline={post.summary} crumbs={[{ label: 'Home', to: '/' }, { label: 'News', to: '/news' }, { label: post.title }]} />
      <article aria-label={post.title} className="py-16">
        <div className="mx-auto max-w-3xl space-y-8 px-4 sm:px-6">
          <div className="flex items-center gap-4">
            {post.authorPhoto && (
              <ContentImage src={post.authorPhoto} alt="" width={56} height={56} sizes="56px" className="h-14 w-14 rounded-full object-cover" />
            )}
            <div>
              <p className="font-semibold text-slate-900 dark:text-slate-100">{post.authorName}</p>
              <p className="text-sm text-slate-600 dark:text-slate-300">
                <time dateTime={publishedAt}>{dayOf(publishedAt)}</time> · {readingMinutes(post)} min read
              </p>
            </div>
          </div>
          {post.cover && <BlockPicture src={post.cover} alt={post.coverAlt} sizes="(min-width: 768px) 720px, 100vw" priority className="w-full rounded-2xl" />}
          <RichText doc={post.body} className="text-lg text-slate-800 dark:text-slate-200" />
          <TagLinks tags={post.tags} label="Tags" />
          <p>
            <a href="/news" className={linkClasses}>
              All news
            </a>
          </p>
        </div>
      </article>
    </>
  );
}

/** The news list or a post, from the page data. */
export function NewsView({ news }: { news: NewsPageData }) {
  if (news.post) return <PostView data={news.post} />;
  return news.list ? <NewsListView list={news.list} /> : null;
}

const absolute = (path: string) => (path.startsWith('/') ? `${company.siteUrl}${path}` : path);

/** Article structured data of a post, by its author, published by the company. */
export function postJsonLd({ post, publishedAt, updatedAt }: PostPageData, site: SiteContent): string {
  const url = `${company.siteUrl}${postPath(post.slug)}`;
  const text = richPlainText(post.body);
  const data = {
    '@context': 'https://schema.org',
    '@type': 'Article',
    headline: post.title,
    description: post.summary,
    url,
    mainEntityOfPage: url,
    datePublished: publishedAt,
    dateModified: updatedAt,
    author: { '@type': 'Person', name: post.authorName, ...(post.authorPhoto ? { image: absolute(post.authorPhoto) } : {}) },
    publisher: { '@type': 'Organization', name: site.company.name, url: company.siteUrl },
    ...(post.cover ? { image: absolute(post.cover) } : {}),
    ...(post.tags.length > 0 ? { keywords: post.tags.join(', ') } : {}),
    wordCount: text.split(/\s+/).filter(Boolean).length,
    articleBody: text,
  };
  return `<script type="application/ld+json">${jsonLdText(data)}</script>`;
}

/** The RSS 2.0 feed of the newest posts, each with its whole text as HTML. */
export function newsFeedXml(posts: PostPageData[], site: SiteContent): string {
  const feed = new Feed({
    title: `${site.company.name} news`,
    description: `News, stories and updates from ${site.company.name}`,
    id: `${company.siteUrl}/news`,
    link: `${company.siteUrl}/news`,
    language: 'en',
    copyright: `© ${site.company.name}`,
    updated: posts[0] ? new Date(posts[0].publishedAt) : undefined,
    feedLinks: { rss: `${company.siteUrl}/news/feed.xml` },
    generator: false,
  });
  for (const { post, publishedAt } of posts) {
    const url = `${company.siteUrl}${postPath(post.slug)}`;
    feed.addItem({
      title: post.title,
      id: url,
      link: url,
      date: new Date(publishedAt),
      description: post.summary,
      content: renderToStaticMarkup(<RichText doc={post.body} />),
      author: [{ name: post.authorName }],
      category: post.tags.map((name) => ({ name })),
    });
  }
  return feed.rss2();
}
