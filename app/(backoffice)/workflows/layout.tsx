import type { ReactNode } from "react";
import "../config.css";

// The Definitions screens: each page checks the session itself (and edit pages the admin role).
export default function WorkflowsLayout({ children }: { children: ReactNode }) {
  return children;
}
