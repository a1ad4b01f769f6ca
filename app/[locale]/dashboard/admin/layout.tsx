import type { ReactNode } from "react";
import { dashboardUser } from "@/components/dashboard/dashboard-page";

// Admin pages are refused on the server, not only hidden in the menu; each page checks again.
export default async function AdminLayout({ children, params }: { children: ReactNode; params: Promise<{ locale: string }> }) {
  await dashboardUser(params, { admin: true });
  return children;
}
