import type { Principal } from './principal';
import type { AnyRoute, HandlerReply, RouteContext } from './route';

/** A file as the tab a form POST opened shows it: `inline` instead of `attachment` (the file name
 * stays for a save from the tab). */
export function showInTab(res: Response): Response {
  const disposition = res.headers.get('content-disposition');
  if (disposition) res.headers.set('content-disposition', disposition.replace(/^attachment/, 'inline'));
  return res;
}

/** A file route and its twin for the seed's form POST in a new tab (seed 000 §7: "a blob POST
 * opens the file in a new tab"): the twin has the same path, input and handler as `POST`, takes the
 * session token from the form's `token` field and shows the file inline. The GET stays as the seed
 * names it (a bearer call that downloads). */
export function withFormPost(get: AnyRoute, summary: string): AnyRoute[] {
  const handler = async (ctx: RouteContext<unknown, Principal | null>): Promise<HandlerReply> => {
    const reply = await get.handler(ctx);
    return reply instanceof Response ? showInTab(reply) : reply;
  };
  return [get, { ...get, method: 'POST', summary, formToken: true, handler }];
}
