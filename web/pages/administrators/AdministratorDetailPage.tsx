import {
  Alert,
  Anchor,
  Badge,
  Button,
  Center,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import { IconLock, IconLockOpen, IconMailForward } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { formatDate, schoolDateOf } from "../../../common/dates/format";
import {
  type Administrator,
  useAdministrator,
  useResendConfirmation,
  useUpdateAdministrator,
} from "../../api/administrators";
import { listReturnPath, toast } from "../../components";
import { useBreadcrumbs } from "../../layout/breadcrumbs";
import { useSession } from "../../session/useSession";
import { AccountAvatar } from "./AccountAvatar";
import { AdministratorForm } from "./AdministratorForm";
import { canManage, canToggle, isAdministratorType } from "./account-rules";
import { roleLabel, StateBadge } from "./administrator-columns";
import { useAccountState } from "./use-account-state";

/** The account's card: photo, name, e-mail, role, state, confirmation, and its actions. */
function AccountCard({ account }: { account: Administrator }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const state = useAccountState();
  const resend = useResendConfirmation();
  const manage = canManage(user, account);

  const resendMail = async () => {
    try {
      await resend.mutateAsync(account.id);
      toast.success(t("administrators.resend.success"));
    } catch {
      // the HTTP client showed why
    }
  };

  return (
    <Paper withBorder p="lg" maw={640}>
      <Stack gap="md">
        <Group gap="md" wrap="nowrap" align="flex-start">
          <AccountAvatar name={account.name} picture={account.profile_picture} size={96} />
          <Stack gap={4}>
            <Text fw={600} size="lg">
              {account.name}
            </Text>
            <Text size="sm">{account.email}</Text>
            <Group gap="xs">
              <Badge variant="light" color="blue.9">
                {roleLabel(t, account.type)}
              </Badge>
              <StateBadge account={account} t={t} />
              <Badge variant="dot" color={account.confirmed ? "green" : "orange"}>
                {account.confirmed
                  ? t("administrators.account.confirmed")
                  : t("administrators.account.pending")}
              </Badge>
            </Group>
            <Text size="sm" c="dimmed">
              {t("administrators.fields.createdAt")}: {formatDate(schoolDateOf(account.created_at))}
            </Text>
          </Stack>
        </Group>
        {!account.confirmed ? <Text size="sm">{t("administrators.detail.pendingHint")}</Text> : null}
        {manage ? (
          <Group gap="sm">
            {!account.confirmed ? (
              <Button
                variant="default"
                leftSection={<IconMailForward size={16} aria-hidden />}
                loading={resend.isPending}
                onClick={() => void resendMail()}
              >
                {t("administrators.resend.button")}
              </Button>
            ) : null}
            {canToggle(user, account) ? (
              <Button
                variant={account.disabled ? "filled" : "outline"}
                color={account.disabled ? "teal" : "red"}
                leftSection={
                  account.disabled ? (
                    <IconLockOpen size={16} aria-hidden />
                  ) : (
                    <IconLock size={16} aria-hidden />
                  )
                }
                disabled={state.pending}
                onClick={() => void state.toggle(account)}
              >
                {account.disabled ? t("administrators.enable.button") : t("administrators.disable.button")}
              </Button>
            ) : null}
          </Group>
        ) : (
          <Alert color="gray">{t("administrators.detail.readOnly")}</Alert>
        )}
      </Stack>
    </Paper>
  );
}

/** /administrators/:id: the account, "Reenviar correo de confirmación", enable/disable and the edit form. */
export function AdministratorDetailPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const id = Number(useParams().id);
  const validId = Number.isInteger(id) && id > 0 ? id : undefined;
  const account = useAdministrator(validId);
  const update = useUpdateAdministrator();
  // Only administrator accounts open here (students and teachers have their own screens).
  const data = account.data && isAdministratorType(account.data.type) ? account.data : undefined;
  useBreadcrumbs([
    { label: t("administrators.list.title"), to: listReturnPath("/administrators") },
    { label: data?.name ?? "" },
  ]);

  let body: ReactNode;
  if (data) {
    body = (
      <>
        <AccountCard account={data} />
        {canManage(user, data) ? (
          <Stack gap="sm">
            <Title order={2} size="h4">
              {t("administrators.detail.editTitle")}
            </Title>
            <AdministratorForm
              // A new form after each save, so "unsaved changes" compares with what was saved.
              key={`${data.id}-${data.name}-${data.email}-${data.type}`}
              mode="edit"
              account={data}
              self={user?.id === data.id}
              pending={update.isPending}
              onSubmit={async (payload) => {
                await update.mutateAsync({ id: data.id, payload });
                toast.success(t("administrators.detail.success"));
              }}
            />
          </Stack>
        ) : null}
      </>
    );
  } else if (account.isError || account.data || validId === undefined) {
    body = (
      <Alert color="yellow" title={t("administrators.detail.notFound")}>
        <Anchor component={Link} to={listReturnPath("/administrators")}>
          {t("administrators.detail.backToList")}
        </Anchor>
      </Alert>
    );
  } else {
    body = (
      <Center mih={200}>
        <Loader aria-label={t("common.loading")} />
      </Center>
    );
  }

  return (
    <Stack gap="md">
      <Title order={1} size="h3">
        {data?.name ?? t("administrators.list.title")}
      </Title>
      {body}
    </Stack>
  );
}
