import { LoadingBlock } from "@/components/ui/empty-state";

export default function SettingsLoading() {
  return <LoadingBlock label="Loading the settings…" />;
}
