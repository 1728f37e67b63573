import { redirect } from "next/navigation";
import { currentUser } from "@/lib/auth/session";

export const dynamic = "force-dynamic";

export default async function Home() {
  const user = await currentUser();
  if (!user) redirect("/login");
  return (
    <main style={{ padding: "2rem" }}>
      <h1>Case management</h1>
      <p>
        Signed in as {user.name} ({user.role}).
      </p>
    </main>
  );
}
