import Link from "next/link";
import { EmptyState } from "@/components/ui/empty-state";

export default function NotFound() {
  return (
    <EmptyState title="Not found">
      <p>
        This queue or case does not exist in your project. <Link href="/">Back to the queues</Link>
      </p>
    </EmptyState>
  );
}
