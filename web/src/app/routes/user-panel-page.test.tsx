import { screen } from '@testing-library/react'
import { HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { signIn } from '@/testing/auth'
import { activeDiet } from '@/testing/handlers'
import { http } from '@/testing/http'
import { renderApp } from '@/testing/render-app'
import { server } from '@/testing/server'

describe('/user-panel step [RG-33]', () => {
  it.each([
    ['/user-panel?from=landing', 'PAYMENT'],
    ['/user-panel', 'QUESTIONS'],
    ['/user-panel?from=sms', 'QUESTIONS'],
  ])('opens %s at step %s', async (path, step) => {
    signIn()
    server.use(http.get('/app/diets/active', () => HttpResponse.json(activeDiet('ACTIVE'))))
    renderApp(path)
    expect(await screen.findByTestId('user-panel')).toHaveAttribute('data-step', step)
    expect(await screen.findByTestId('active-diet')).toBeInTheDocument()
  })
})
