export { WithdrawalsPage } from "./WithdrawalsPage";
