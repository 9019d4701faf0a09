// The security question's public face: what the other features' forms use (docs/decisions/181).
export {SecurityQuestionField} from './security-question-field'
export {useSecurityQuestion, type SecurityQuestion} from './use-security-question'
