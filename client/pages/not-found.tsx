// The catch-all route's loader always answers 404, so its boundary shows NotFoundView; the component is the same view.
export { NotFoundView as Component } from '../components/PageError.tsx';
