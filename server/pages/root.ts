/** The root route: the shell every page shares — site, menu, widgets, counters, the site token, a form's flash. */
import { type PublicSite, publicSite } from '../../shared/public-site.ts';
import { seoSites } from '../../shared/seo.ts';
import type { LoaderArgs } from './helpers/route-module.ts';

export async function loader({ context }: LoaderArgs) {
  const { site, session, services } = context;
  const shell = await services.publicShell(site, context.language);
  return {
    site: publicSite(site, context.language) as PublicSite,
    /** The public sites and their languages: the page's hreflang alternates (client/components/SeoLinks.tsx). */
    seoSites: seoSites(services.sites.all, services.sites.defaultSite.id),
    categories: shell.categories,
    widgets: shell.widgets,
    /** Chat scripts from allowlisted hosts only, loaded after hydration (client/third-party/). */
    chatScripts: shell.chatScripts,
    cartCount: session.snapshot.cartCount,
    compareCount: session.snapshot.compareCount,
    /** The products in the visitor's compare list, so any product card can show whether it is in it. */
    compared: session.snapshot.compared,
    signedIn: session.snapshot.userId !== null,
    cookieConsent: context.cookieConsent,
    /** Spec §4: the notification dialog, on the test and local hosts only, when the modal widget has content. */
    showNotice: (site.isTest || context.localHost) && shell.widgets.modal !== '',
    /** Mail goes to the demo inbox and this visitor may read it: pages that say a mail was sent link to it (decision 042). */
    demoInbox: context.demoInbox,
    /** The site token (spec §3 `_token`): every form sends it as `token`. */
    token: session.token,
    /** The outcome of a form posted without JavaScript, shown once on the page it returned to. */
    flash: context.flash,
  };
}
