import Link from "next/link";
import { EmptyState } from "@/components/ui/empty-state";

export default function DefinitionNotFound() {
  return (
    <EmptyState title="Definition not found">
      <p>
        This definition, or this version of it, does not exist in your project. <Link href="/workflows">Back to the definitions</Link>
      </p>
    </EmptyState>
  );
}
