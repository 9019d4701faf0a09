import {configure} from '@testing-library/react'

import {AWAIT_TIMEOUT_MS} from '../../vitest.await-timeout.ts'

// `findBy…` and `waitFor` wait as long as `expect.poll` does (vitest.await-timeout.ts says why).
configure({asyncUtilTimeout: AWAIT_TIMEOUT_MS})
