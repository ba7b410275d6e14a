/** A coloured label (a tag, a badge): its colour as a dot, its name readable on any background. */
export function TagChip({ name, color, title }: { name: string; color: string; title?: string }) {
  return (
    <span
      className="inline-flex items-center gap-1.5 rounded-full border border-slate-200 bg-white px-2 py-0.5 text-xs font-medium text-slate-800"
      title={title}
    >
      <span aria-hidden className="size-2.5 rounded-full" style={{ backgroundColor: color }} />
      {name}
    </span>
  );
}
