// The package ships the JSX typings of <soliplex-chat>; this pulls them in.
import type {} from 'soliplex-chat/react';
