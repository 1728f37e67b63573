import type { ReactNode } from "react";
import "../config.css";

// The Workload page: its tables are `table.list`, styled by config.css like the Definitions and Settings lists.
export default function WorkloadLayout({ children }: { children: ReactNode }) {
  return children;
}
