/** Route paths of the questionnaires (spec 3 §2); the route table in app/router.tsx declares the same paths. */
export const quizPaths = {
  goodLookingStep: (step: string) => `/${step}`,
  prepareResult: '/prepare-result',
  result: '/result',
  bettermeStep: (step: string) => `/betterme/${step}`,
  prepareBettermeResult: '/prepare-betterme-result',
  bettermeResult: '/betterme-result',
  nowruzStep: (step: string) => `/nowruz/${step}`,
  prepareNowruzResult: '/prepare-nowruz-result',
  nowruzResult: '/nowruz-result',
  psychologyStep: (step: string) => `/psychology/${step}`,
  preparePsychologyResult: '/prepare-psychology-result',
  psychologyResult: '/psychology-result',
  konkurStep: (step: string) => `/konkur/${step}`,
  prepareKonkurResult: '/prepare-konkur-result',
  konkurResult: '/konkur-result',
} as const
