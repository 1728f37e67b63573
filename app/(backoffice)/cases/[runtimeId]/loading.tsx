import { LoadingBlock } from "@/components/ui/empty-state";

export default function CaseLoading() {
  return <LoadingBlock label="Loading the case…" rows={12} />;
}
