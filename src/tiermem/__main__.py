from .hooks.client import console

console()
