// Stand-ins for the few MOOSE/libMesh utilities the LibTorch code of the
// stochastic tools module uses (Real, MooseEnum, mooseError).
#pragma once

#include <stdexcept>
#include <string>
#include <vector>

typedef double Real;

[[noreturn]] inline void mooseError(const std::string & msg) { throw std::runtime_error(msg); }

/// A named integer choice, as MOOSE's MooseEnum("adam=0 adagrad=1 rmsprop=2 sgd=3", "adam").
class MooseEnum
{
public:
  MooseEnum(std::vector<std::string> names, const std::string & current)
    : _names(std::move(names)), _current(0)
  {
    *this = current;
  }

  MooseEnum & operator=(const std::string & name)
  {
    for (unsigned int i = 0; i < _names.size(); ++i)
      if (_names[i] == name)
      {
        _current = i;
        return *this;
      }
    mooseError("Unknown enum value " + name);
  }

  operator int() const { return static_cast<int>(_current); }

private:
  std::vector<std::string> _names;
  unsigned int _current;
};
