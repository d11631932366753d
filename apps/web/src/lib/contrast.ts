// Colour contrast lives in the shared package: the server picks a readable text colour too (the projection display).
export * from '@kudo/shared/contrast';
