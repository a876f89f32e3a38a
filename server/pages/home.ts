/** The home page: everything it shows comes with the shell (categories, widgets). */
export const loader = () => null;
