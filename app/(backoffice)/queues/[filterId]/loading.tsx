import { LoadingBlock } from "@/components/ui/empty-state";

export default function QueueLoading() {
  return <LoadingBlock label="Loading cases…" rows={10} />;
}
