import type {Context} from 'hono'

import {publicRuntime} from '../runtime.ts'
import {getChallenge} from './handler.ts'

export const getChallengeRoute = (_c: Context) => getChallenge(publicRuntime())
