export { BinnacleCreatePage } from "./BinnacleCreatePage";
export { BinnacleEditPage } from "./BinnacleEditPage";
export { BinnacleListPage } from "./BinnacleListPage";
