import { createOpenApiHttp } from 'openapi-msw'
import type { paths } from '@/lib/api'

/** msw's `http`, typed by the generated API paths: handlers can only answer what the spec allows. */
export const http = createOpenApiHttp<paths>()
