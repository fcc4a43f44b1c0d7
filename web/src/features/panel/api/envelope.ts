import { ApiError, dataOrThrow } from '@/lib/api'

/**
 * The `msg` of a panel call's `{ ok, msg }` answer (spec 3 §7); a failed call is its error envelope's error, and an
 * answer with `ok` false keeps its msg as the error's message.
 */
export function panelMsg<Msg>(result: { data?: { ok: boolean; msg: Msg }; error?: unknown; response: Response }, code: string): Msg {
  const data = dataOrThrow(result)
  if (!data.ok) throw new ApiError(result.response.status, code, String(data.msg))
  return data.msg
}
