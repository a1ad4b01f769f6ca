"use client";
// Each tab of the personal info page, fetched when first opened: the profile page carries the profile tab's code, the
// security page the password form's, and neither the other's until it is asked for.
import { lazy, Suspense } from "react";

const ProfileTab = lazy(() => import("./profile-tab"));
const PasswordTab = lazy(() => import("./password-tab"));

export function LazyProfileTab() {
  return (
    <Suspense fallback={null}>
      <ProfileTab />
    </Suspense>
  );
}

export function LazyPasswordTab() {
  return (
    <Suspense fallback={null}>
      <PasswordTab />
    </Suspense>
  );
}
