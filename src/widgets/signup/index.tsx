import { Signup } from './signup';

/** The `crowdscout/signup` block: sign-up landing and two-step form. */
export default function SignupWidget() {
	return <Signup />;
}
