import type {Context} from 'hono'

import type {PublicRuntime} from '../runtime.ts'
import {getChallenge} from './handler.ts'

export const getChallengeRoute = (rt: PublicRuntime) => (_c: Context) => getChallenge(rt)
