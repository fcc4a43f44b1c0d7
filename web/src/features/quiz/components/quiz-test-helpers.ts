import { HttpResponse } from 'msw'
import { http } from '@/testing/http'
import { server } from '@/testing/server'

/** The BFF's reply to a create: the record id and its edit token (`edit-{id}` in tests). */
export function createdRecord(id: number) {
  return { id, editToken: `edit-${id}` }
}

/**
 * Records every form-answers send (spec-typed handlers); the BFF answers the created record, or the updated id. A
 * PATCH records the edit token and the Authorization header it carried.
 */
export function recordFormAnswers() {
  const sent: {
    method: 'POST' | 'PATCH'
    id?: string
    editToken?: string | null
    authorization?: string | null
    body: Record<string, unknown>
  }[] = []
  server.use(
    http.post('/lemonade/api/formAnswers', async ({ request }) => {
      sent.push({ method: 'POST', body: (await request.json()) as Record<string, unknown> })
      return HttpResponse.json(createdRecord(501))
    }),
    http.patch('/lemonade/api/formAnswers/{id}', async ({ request, params }) => {
      const editToken = request.headers.get('X-Edit-Token')
      const authorization = request.headers.get('Authorization')
      sent.push({ method: 'PATCH', id: String(params.id), editToken, authorization, body: (await request.json()) as Record<string, unknown> })
      return HttpResponse.json({ id: Number(params.id) })
    }),
  )
  return sent
}

type Stored = Record<string, string | number | string[]>

/** Puts a finished answer set in the session, as the steps would have. */
export function storeAnswers(answers: Stored): Record<string, string> {
  const entries = Object.fromEntries(Object.entries(answers).map(([id, value]) => [id, { value, questionName: id }]))
  return { user_answers: JSON.stringify(entries) }
}

export const BETTERME_ANSWERS: Stored = {
  bm2_1: 'FEMALE',
  bm2_2: 'REDUCE',
  bm2_3: '19_40',
  bm2_6: ['STRESS'],
  bm2_7: ['NOTHING'],
  bm2_9: 'WALKING',
  bm2_10: '_2',
  bm2_11: 'WORK_MOSTLY',
  bm2_12: 80,
  bm2_13: 70,
  bm2_14: 'FAST',
}
