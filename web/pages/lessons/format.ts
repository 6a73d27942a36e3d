/** `YYYY-MM-DD` as `DD/MM/YYYY`. */
export const formatDay = (iso: string) => {
  const [y, m, d] = iso.split("-");
  return `${d}/${m}/${y}`;
};
