import type { ReactNode } from "react";
import { SiteFooter } from "./site-footer";
import { SiteHeader } from "./site-header";

/** Header, a centred main column and the footer: the frame of every public page but the landing page. */
export function PublicShell({ path, children, wide = false }: { path: string; children: ReactNode; wide?: boolean }) {
  return (
    <>
      <SiteHeader path={path} />
      <main id="main" className={`mx-auto w-full px-4 py-10 sm:px-6 sm:py-14 ${wide ? "max-w-3xl" : "max-w-xl"}`}>
        {children}
      </main>
      <SiteFooter />
    </>
  );
}
