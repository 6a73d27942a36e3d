import {
  ActionIcon,
  Affix,
  Box,
  Button,
  CloseButton,
  Group,
  Paper,
  Stack,
  Text,
  UnstyledButton,
} from "@mantine/core";
import {
  IconAlertTriangle,
  IconCash,
  IconChevronDown,
  IconChevronUp,
  IconRefresh,
} from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import { lazy, type ReactNode, Suspense, useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { matchPath, useLocation } from "react-router";
import { type PeriodFee, usePeriodFee, useStudentPeriodPayments } from "../../api/period-fee";
import { studentKeys, useStudent } from "../../api/students";
import { useSession } from "../../session/useSession";
import { usePhone } from "../phone";
import { type BannerPayment, bannerFacts, bannerShows, schoolToday } from "./fee-state";
import { dayMonth, money } from "./format";

/** The wizard loads on first use: the shell stays light. */
const PaymentReportWizard = lazy(() => import("./PaymentReportWizard"));

/** The layout asks for the fee this long after it loads (spec.md §7), and again on request. */
export const FEE_DELAY_MS = 200;

/** `import.meta.env.PROD`: a production build (`npm start`, `npm run demo`, the e2e journeys). */
const production = import.meta.env.PROD;

function useDelayed(ms: number): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setReady(true), ms);
    return () => clearTimeout(timer);
  }, [ms]);
  return ready;
}

/** The student a staff member is looking at (`/students/{id}` and its sub-pages), if any. */
function viewedStudentId(pathname: string): number | undefined {
  const match = matchPath("/students/:student/*", pathname);
  const id = Number(match?.params.student);
  return Number.isInteger(id) && id > 0 ? id : undefined;
}

/**
 * The payment banner of spec.md §2 and §4, mounted in the logged-in layout: for a student, their own fee;
 * for an administrator or assistant on a student's page, that student's. Fixed at the bottom, dismissible;
 * on a phone one line that opens on tap.
 */
export function PaymentBanner() {
  const { user, isStudent, isAdminGroup } = useSession();
  const { pathname } = useLocation();
  const ready = useDelayed(FEE_DELAY_MS);
  if (isStudent && user?.student) return <OwnBanner ready={ready} />;
  const viewed = isAdminGroup ? viewedStudentId(pathname) : undefined;
  if (viewed !== undefined) return <StaffBanner key={viewed} studentId={viewed} ready={ready} />;
  return null;
}

function OwnBanner({ ready }: { ready: boolean }) {
  const { user } = useSession();
  const queryClient = useQueryClient();
  const student = user?.student;
  const latest = user?.latest_inscription ?? student?.latest_inscription ?? null;
  const fee = usePeriodFee(student?.id, { enabled: ready });
  if (!student || !fee.data) return null;
  return (
    <BannerFrame
      fee={fee.data}
      studentId={student.id}
      latestPeriodId={latest?.period_id ?? latest?.period.id}
      payments={latest?.payments ?? []}
      greeting={{ gender: student.gender, name: `${student.first_name} ${student.last_name}`.trim() }}
      canReport
      onRefresh={() => {
        void fee.refetch();
        // Re-checks the inscription (and its payments) the session carries.
        void queryClient.invalidateQueries({ queryKey: ["session", "me"] });
      }}
    />
  );
}

function StaffBanner({ studentId, ready }: { studentId: number; ready: boolean }) {
  const { isAdmin } = useSession();
  const queryClient = useQueryClient();
  const student = useStudent(studentId);
  const fee = usePeriodFee(studentId, { enabled: ready });
  const payments = useStudentPeriodPayments(studentId, fee.data?.period_id);
  if (!student.data || !fee.data || !payments.data) return null;
  return (
    <BannerFrame
      fee={fee.data}
      studentId={studentId}
      latestPeriodId={student.data.latest_inscription?.period.id}
      payments={payments.data}
      greeting={null}
      canReport={isAdmin}
      onRefresh={() => {
        void fee.refetch();
        void payments.refetch();
        void queryClient.invalidateQueries({ queryKey: studentKeys.detail(studentId) });
      }}
    />
  );
}

type FrameProps = {
  fee: PeriodFee;
  studentId: number;
  latestPeriodId: number | undefined;
  payments: readonly BannerPayment[];
  /** The student's own greeting; null for staff ("Este estudiante tiene…"). */
  greeting: { gender: string | undefined; name: string } | null;
  canReport: boolean;
  onRefresh: () => void;
};

export function BannerFrame({
  fee,
  studentId,
  latestPeriodId,
  payments,
  greeting,
  canReport,
  onRefresh,
}: FrameProps) {
  const { t } = useTranslation();
  const phone = usePhone();
  const [dismissed, setDismissed] = useState(false);
  const [reporting, setReporting] = useState(false);
  const [wizardLoaded, setWizardLoaded] = useState(false);
  const today = schoolToday();
  const visible = !dismissed && bannerShows({ fee, latestPeriodId, payments, today, production });
  const facts = bannerFacts(fee, payments, today);
  const pending = greeting
    ? t("paymentBanner.studentPending", { count: facts.pendingCount })
    : t("paymentBanner.adminPending", { count: facts.pendingCount });
  const title = greeting
    ? `${t(greeting.gender === "female" ? "paymentBanner.welcomeFemale" : "paymentBanner.welcomeMale", {
        name: greeting.name,
      })} ${pending}`
    : pending;
  const actions = (
    <BannerActions
      canReport={canReport}
      onReport={() => {
        setWizardLoaded(true);
        setReporting(true);
      }}
      onRefresh={onRefresh}
    />
  );
  const close = <CloseButton aria-label={t("paymentBanner.dismiss")} onClick={() => setDismissed(true)} />;

  return (
    <>
      {/* Room below the page, so the fixed banner never hides its last lines. */}
      {visible ? <Box h={phone ? 56 : 120} aria-hidden /> : null}
      {visible ? (
        <Affix position={{ bottom: 0, left: 0, right: 0 }} zIndex={150}>
          <Paper
            component="section"
            aria-label={t("paymentBanner.label")}
            shadow="md"
            radius={0}
            p={phone ? "xs" : "sm"}
            withBorder
            bg="var(--mantine-color-yellow-0)"
          >
            {phone ? (
              <CompactBanner
                summary={pending}
                urgent={facts.rejected || facts.lateExtraE2 !== null}
                close={close}
              >
                <Text fw={700} size="sm">
                  {title}
                </Text>
                <BannerDetails facts={facts} />
                {actions}
              </CompactBanner>
            ) : (
              <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
                <Stack gap={2} style={{ minWidth: 0 }}>
                  <Text fw={700} size="sm">
                    {title}
                  </Text>
                  <BannerDetails facts={facts} />
                </Stack>
                <Group gap="xs" wrap="nowrap">
                  {actions}
                  {close}
                </Group>
              </Group>
            )}
          </Paper>
        </Affix>
      ) : null}
      {wizardLoaded ? (
        <Suspense fallback={null}>
          <PaymentReportWizard
            opened={reporting}
            onClose={() => setReporting(false)}
            fee={fee}
            studentId={studentId}
            onReported={onRefresh}
          />
        </Suspense>
      ) : null}
    </>
  );
}

/**
 * The banner on a phone: one line (the pending installments) that opens on tap to the whole notice and
 * its actions, so it never covers the page.
 */
function CompactBanner({
  summary,
  urgent,
  close,
  children,
}: {
  summary: string;
  /** A rejected payment or a late installment: the line shows a warning sign. */
  urgent: boolean;
  close: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  const Sign = urgent ? IconAlertTriangle : IconCash;
  return (
    <Stack gap="xs">
      <Group wrap="nowrap" gap="xs">
        <UnstyledButton
          onClick={() => setOpen((o) => !o)}
          aria-expanded={open}
          aria-controls={detailsId}
          title={t(open ? "paymentBanner.hideDetails" : "paymentBanner.showDetails")}
          style={{ flex: 1, minWidth: 0, minHeight: 32 }}
        >
          <Group gap={6} wrap="nowrap">
            <Sign size={18} aria-hidden color={urgent ? "var(--mantine-color-red-8)" : undefined} />
            <Text size="sm" fw={700} truncate="end" style={{ flex: 1, minWidth: 0 }}>
              {summary}
            </Text>
            {open ? <IconChevronDown size={18} aria-hidden /> : <IconChevronUp size={18} aria-hidden />}
          </Group>
        </UnstyledButton>
        {close}
      </Group>
      <Stack id={detailsId} gap={4} hidden={!open}>
        {open ? children : null}
      </Stack>
    </Stack>
  );
}

/** What the banner says besides the pending count: a rejected payment, a late extra, days left, the next one. */
function BannerDetails({ facts }: { facts: ReturnType<typeof bannerFacts> }) {
  const { t, i18n } = useTranslation();
  return (
    <>
      {facts.rejected ? (
        <Text size="sm" c="red.9" fw={600}>
          {t("paymentBanner.rejected")}
        </Text>
      ) : null}
      {facts.lateExtraE2 !== null ? (
        <Text size="sm" c="red.9">
          {t("paymentBanner.late", { amount: money(facts.lateExtraE2) })}
        </Text>
      ) : null}
      {facts.daysLeft ? (
        <Text size="sm">
          {t("paymentBanner.daysLeft", {
            count: facts.daysLeft.days,
            amount: money(facts.daysLeft.extraE2),
          })}
        </Text>
      ) : null}
      {facts.next ? (
        <Text size="sm">
          {t("paymentBanner.next", {
            date: dayMonth(facts.next.date, i18n.language),
            amount: money(facts.next.pendingE2),
          })}
        </Text>
      ) : null}
    </>
  );
}

function BannerActions({
  canReport,
  onReport,
  onRefresh,
}: {
  canReport: boolean;
  onReport: () => void;
  onRefresh: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Group gap="xs" wrap="nowrap">
      {canReport ? (
        <Button size="xs" leftSection={<IconCash size={16} aria-hidden />} onClick={onReport}>
          {t("paymentBanner.report")}
        </Button>
      ) : null}
      <ActionIcon
        variant="default"
        size="lg"
        aria-label={t("paymentBanner.refresh")}
        title={t("paymentBanner.refresh")}
        onClick={onRefresh}
      >
        <IconRefresh size={18} aria-hidden />
      </ActionIcon>
    </Group>
  );
}
