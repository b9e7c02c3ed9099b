// The package ships the Vue template typings of <soliplex-chat>; this pulls them in.
import type {} from 'soliplex-chat/vue';
