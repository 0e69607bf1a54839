/** The widget's BEM block: the class of its mount container. */
export const block = 'wp-block-crowdscout-bug-form';
