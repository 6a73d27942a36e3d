// The logged-in shell's own chunk: its styles (all of Mantine's) and the modals provider load with
// it, never on guest pages.
import "../styles/app.css";
import type { ReactNode } from "react";
import { AppModalsProvider } from "../modals-provider";
import { AppLayout } from "./AppLayout";

export default function AppLayoutWithModals({ children }: { children?: ReactNode }) {
  return (
    <AppModalsProvider>
      <AppLayout>{children}</AppLayout>
    </AppModalsProvider>
  );
}
