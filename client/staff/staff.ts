/**
 * The back office's bundle (decision 049): the staff pages work as plain forms without it; it adds a confirmation
 * before a form marked data-confirm posts (cancelling an order, new credentials) and the packing slip's print button.
 * Nothing here is shared with the storefront's bundle.
 */
import './staff.css';

document.addEventListener('submit', (event) => {
  const form = event.target;
  if (!(form instanceof HTMLFormElement)) return;
  const question = form.dataset.confirm;
  if (question && !window.confirm(question)) event.preventDefault();
});

document.addEventListener('click', (event) => {
  const target = event.target;
  if (target instanceof HTMLElement && target.closest('[data-print]')) window.print();
});
