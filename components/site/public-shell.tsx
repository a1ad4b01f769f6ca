import type { ReactNode } from "react";
import { SiteFooter } from "./site-footer";
import { SiteHeader } from "./site-header";

/**
 * Header, a centred main column and the footer: the frame of every public page but the landing page. `minimal`: the
 * header without sign-in and trial (see SiteHeader).
 */
export function PublicShell({
  path,
  children,
  wide = false,
  minimal = false,
}: {
  path: string;
  children: ReactNode;
  wide?: boolean;
  minimal?: boolean;
}) {
  return (
    <>
      <SiteHeader path={path} minimal={minimal} />
      <main id="main" className={`mx-auto w-full px-4 py-10 sm:px-6 sm:py-14 ${wide ? "max-w-3xl" : "max-w-xl"}`}>
        {children}
      </main>
      <SiteFooter />
    </>
  );
}
