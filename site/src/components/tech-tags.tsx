/** Technology tags of a portfolio item: blank and repeated entries are not shown twice. */
export function visibleTechTags(tags: readonly string[] | undefined): string[] {
  const seen = new Set<string>();
  const result: string[] = [];
  for (const raw of tags ?? []) {
    const tag = raw.trim();
    if (tag && !seen.has(tag.toLowerCase())) {
      seen.add(tag.toLowerCase());
      result.push(tag);
    }
  }
  return result;
}

export function TechTags({ tags, className = '' }: { tags: readonly string[] | undefined; className?: string }) {
  const visible = visibleTechTags(tags);
  if (!visible.length) return null;
  return (
    <ul aria-label="Technologies" className={`flex flex-wrap gap-2 ${className}`}>
      {visible.map((tag) => (
        <li key={tag} className="rounded-md bg-slate-100 px-2 py-1 text-xs font-medium text-slate-800 dark:bg-slate-700 dark:text-slate-100">
          {tag}
        </li>
      ))}
    </ul>
  );
}
