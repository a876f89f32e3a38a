/** The pathless layout around every page (its error boundary keeps the shell): no data of its own. */
export const loader = () => null;
