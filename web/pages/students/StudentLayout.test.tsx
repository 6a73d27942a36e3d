import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Role, type RoleNumber } from "../../../common/roles";
import type { Student } from "../../api/students";
import type { WithdrawalState } from "../../api/withdrawals";
import { jsonResponse, loginAs, mockFetch, renderApp, resetAppState } from "../../test/render";
import { userEvent } from "../../test/user-event";

beforeEach(() => resetAppState());
afterEach(() => vi.unstubAllGlobals());

const student = (status = "active"): Student => ({
  id: 1,
  user_id: 101,
  first_name: "José",
  last_name: "Rondón",
  full_name: "José Rondón",
  email: "jose1@demo.edu.ve",
  identity_document: "V-20111222",
  gender: "male",
  birth_date: "2004-05-06",
  phone: null,
  address: null,
  status,
  profile_picture: null,
  confirmed: true,
  latest_inscription: null,
  version: 1,
});

const withdrawalState: WithdrawalState = {
  student: {
    id: 1,
    first_name: "José",
    last_name: "Rondón",
    identity_document: "V-20111222",
    gender: "male",
    status: "active",
  },
  inscription: null,
  message: "",
};

/** The student's page as `role`, the student `status`; answers the header's and Retiros' calls. */
function openStudent(role: RoleNumber, status = "active") {
  loginAs(role);
  mockFetch((url) => {
    if (url === "/api/students/1") return jsonResponse(200, { data: student(status) });
    if (url === "/api/students/1/withdrawal-state") return jsonResponse(200, { data: withdrawalState });
    return undefined;
  });
  return renderApp("/students/1");
}

const studentNav = () => screen.getByRole("navigation", { name: "Secciones del estudiante" });

describe("a student's page leads an administrator to Retiros (issue 26)", () => {
  it("'Retirar…' opens /withdrawals with the student chosen", { timeout: 90_000 }, async () => {
    const { router } = openStudent(Role.admin);
    expect(
      await screen.findByRole("heading", { name: "José Rondón" }, { timeout: 45_000 }),
    ).toBeInTheDocument();
    const withdraw = within(studentNav()).getByRole("link", { name: "Retirar…" });
    expect(withdraw).toHaveAttribute("href", "/withdrawals?student_id=1");
    await userEvent.click(withdraw);
    await waitFor(() => expect(router.state.location.pathname).toBe("/withdrawals"));
    expect(router.state.location.search).toBe("?student_id=1");
    expect(await screen.findByRole("heading", { name: "José Rondón · V-20111222" })).toBeInTheDocument();
  });

  it("not for a retired student", async () => {
    openStudent(Role.admin, "retired");
    expect(
      await screen.findByRole("heading", { name: "José Rondón" }, { timeout: 45_000 }),
    ).toBeInTheDocument();
    expect(within(studentNav()).getByRole("link", { name: "Editar" })).toBeInTheDocument();
    expect(within(studentNav()).queryByRole("link", { name: "Retirar…" })).not.toBeInTheDocument();
  });

  it("not for the other roles that see a student", async () => {
    for (const role of [Role.lowAdmin, Role.coordinator, Role.teacher]) {
      resetAppState();
      const view = openStudent(role);
      expect(
        await screen.findByRole("heading", { name: "José Rondón" }, { timeout: 45_000 }),
      ).toBeInTheDocument();
      expect(within(studentNav()).queryByRole("link", { name: "Retirar…" }), `role ${role}`).toBeNull();
      view.unmount();
    }
  });
});
