/**
 * The page's reading progress, drawn by a scroll-driven animation in CSS alone (app/globals.css): no JavaScript on the
 * landing page for a flourish. A browser without scroll timelines shows no bar (it stays at scaleX(0)).
 */
export function ScrollProgress() {
  // The inline scaleX(0) is the start; the CSS animation overrides it (animations beat inline styles).
  return (
    <div
      aria-hidden="true"
      data-testid="scroll-progress"
      className="scroll-progress fixed inset-x-0 top-0 z-50 h-1 origin-left bg-indigo-600"
      style={{ transform: "scaleX(0)" }}
    />
  );
}
