// The booking feature's public face: what the other features use (docs/decisions/181).
export {availabilityQueryOptions} from './api/get-availability'
